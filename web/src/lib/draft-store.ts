/**
 * Drafts too large for localStorage (chosen photos as processed blobs) live in one IndexedDB
 * object store on this device, keyed like the text drafts. Every call fails soft: without
 * IndexedDB (some private modes) a draft is simply not kept.
 */
const dbName = 'pinstar-drafts';
const storeName = 'drafts';

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting or upgrading the database: let go, reopen on the next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(storeName, mode);
    const request = act(tx.objectStore(storeName));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

async function soft<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error: unknown) {
    console.warn('Draft storage unavailable', error);
    return fallback;
  }
}

export function readDraftValue(key: string): Promise<unknown> {
  return soft(() => run('readonly', (store) => store.get(key)), undefined);
}

export function writeDraftValue(key: string, value: unknown): Promise<void> {
  return soft(async () => void (await run('readwrite', (store) => store.put(value, key))), undefined);
}

export function deleteDraftValue(key: string): Promise<void> {
  return soft(async () => void (await run('readwrite', (store) => store.delete(key))), undefined);
}

/** Sign-out: nothing of the member's drafts stays on the device. */
export function clearDraftValues(): Promise<void> {
  return soft(async () => void (await run('readwrite', (store) => store.clear())), undefined);
}
