// The phone's copy of the landscaper's day (issue 37): queued field actions and a snapshot of the screens'
// data, in IndexedDB so they outlive a reload without a network. Used by the page and by the service worker
// (Background Sync), so it needs nothing but IndexedDB. Signing out deletes it (clearFieldStore).

export const FIELD_DB = "greenscape-field";
const VERSION = 1;
export const OUTBOX = "outbox";
export const SNAPSHOT = "snapshot";

function opened(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(FIELD_DB, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: "key" });
      if (!db.objectStoreNames.contains(SNAPSHOT)) db.createObjectStore(SNAPSHOT, { keyPath: "name" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `work` on one store in one transaction and resolves when it has committed. */
export async function inStore<T>(
  store: typeof OUTBOX | typeof SNAPSHOT,
  mode: IDBTransactionMode,
  work: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await opened();
  try {
    const transaction = db.transaction(store, mode);
    const result = done(work(transaction.objectStore(store)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  } finally {
    db.close();
  }
}

/** Deletes the phone's copy: the queue and the snapshot (signing out). */
export function clearFieldStore(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve();
    const request = indexedDB.deleteDatabase(FIELD_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holding it open delays the delete until it closes; the copy is gone for every new read.
    request.onblocked = () => resolve();
  });
}
