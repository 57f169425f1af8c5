/** What attaching or detaching did to the agent's versions, for the message after it. */
export function attachOutcomeWords(action: 'attach' | 'detach', baseName: string, outcome: { newVersion: boolean; versionNumber: number }): string {
  if (!outcome.newVersion) {
    return action === 'attach' ? `It already used “${baseName}”; no new version.` : `It did not use “${baseName}”; no new version.`;
  }
  return `${action === 'attach' ? 'Now uses' : 'No longer uses'} “${baseName}”: saved as version ${outcome.versionNumber}.`;
}
