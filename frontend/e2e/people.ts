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

/** Owner of an organization of their own, where the dataset tests create what they need. */
export const CURATOR = {
  email: 'curator@contoso.casebook.test',
  name: 'Casey Curator',
  password: 'curator-passphrase-1',
  organization: 'Contoso Evals',
};

/** A Member of the curator's organization, to share datasets with. */
export const TEAMMATE = {
  email: 'sam@contoso.casebook.test',
  name: 'Sam Teammate',
  password: 'teammate-passphrase-1',
};

/** Owner of an organization with no dataset yet, who meets the first dataset's guided walk. */
export const NEWCOMER = {
  email: 'nova@fabrikam.casebook.test',
  name: 'Nova Newcomer',
  password: 'newcomer-passphrase-1',
  organization: 'Fabrikam Bots',
};

/** The demo organization's admin, as `make run` prints one: seeded first, on the empty database. */
export const DEMO_ADMIN = {
  email: 'admin@demo.casebook.test',
  password: 'demo-admin-passphrase-1',
  organization: 'Demo organization',
};

/** Owner of an organization of their own, where the organization pages are tried: members, keys, connections. */
export const ADMINISTRATOR = {
  email: 'ada@initech.casebook.test',
  name: 'Ada Administrator',
  password: 'administrator-passphrase-1',
  organization: 'Initech Ops',
};

/** The people the administrator adds in the Members page, one per role but Owner. */
export const STAFF = {
  ADMIN: { email: 'admin@initech.casebook.test', name: 'Alex Admin', password: 'initech-admin-passphrase' },
  BUILDER: { email: 'builder@initech.casebook.test', name: 'Bea Builder', password: 'initech-builder-passphrase' },
  OPERATOR: { email: 'operator@initech.casebook.test', name: 'Otto Operator', password: 'initech-operator-passphrase' },
  MEMBER: { email: 'member@initech.casebook.test', name: 'Mia Member', password: 'initech-member-passphrase' },
  VIEWER: { email: 'viewer@initech.casebook.test', name: 'Vic Viewer', password: 'initech-viewer-passphrase' },
} as const;
