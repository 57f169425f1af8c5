/**
 * What deleting a case does, in the confirm dialog's words: "Deleting the case removes
 * it" - a new version without it, and its text erased from every version before, which
 * keep that it was there.
 */
export function removeCaseWords(latestVersion: number): string {
  return (
    `Deleting creates version ${latestVersion + 1} without it and erases its text from every version before: ` +
    'they keep that it was there, with its tags and checks and [erased] for its words, and eval runs over them leave it out. ' +
    'This cannot be undone.'
  );
}

/** The message once it is deleted. */
export function removedCaseWords(version: number): { title: string; message: string } {
  return { title: `Removed in version ${version}`, message: 'Its text is erased from every earlier version.' };
}
