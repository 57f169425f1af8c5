/**
 * `setGeneratorModel` and `Dataset.generatorModel` name the connection by its
 * database id as text ("1"), unlike the judge's settings and
 * `ModelConnection.id`, which use the relay global id (base64 of
 * "ModelConnection:1"). The generator card speaks the global id like every
 * model selector and converts at the API's edge.
 */
const TYPE = 'ModelConnection';

/** "TW9kZWxDb25uZWN0aW9uOjE=" → "1"; a value that is no connection's global id is passed on as it is, for the API to refuse by name. */
export function connectionRef(globalId: string): string {
  try {
    const [type, id] = atob(globalId).split(':');
    return type === TYPE && id && /^\d+$/.test(id) ? id : globalId;
  } catch {
    return globalId;
  }
}

/** "1" → "TW9kZWxDb25uZWN0aW9uOjE=", to find the connection among the saved models. */
export function connectionGlobalId(ref: string): string {
  return /^\d+$/.test(ref) ? btoa(`${TYPE}:${ref}`) : ref;
}
