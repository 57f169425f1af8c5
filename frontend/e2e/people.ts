/** The people and organizations the end-to-end run creates. */
export const REVIEWER = {
  email: 'e2e@casebook.test',
  name: 'Erin Example',
  password: 'e2e-reviewer-passphrase',
  /** Owner here: created with it. */
  homeOrganization: 'Northwind QA',
  /** Builder here: added by that organization's Owner. */
  otherOrganization: 'Acme Support',
};

export const OTHER_OWNER = {
  email: 'owner@acme.casebook.test',
  name: 'Robin Lead',
  password: 'acme-owner-passphrase',
};
