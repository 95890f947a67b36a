import Dexie, { type Table } from 'dexie';
import { DeadlinePassed, withDeadline } from '../shared/deadline';
import { DB_NAME, DB_TABLE, DB_VERSION, STORAGE_DEADLINE_MS } from '../shared/storage-constants';
import { reportStorageUnavailable } from './storage-status';

/** One row of the original's table: `{ key, data }` (Dexie opens it as IndexedDB version 10). */
export interface ModelRecord {
  key: string;
  data: unknown;
}

/**
 * The only owner of IndexedDB. When the database cannot be opened or refuses a write (private
 * mode, quota), values are kept in memory for this page so the app still works from the network.
 * An open, read or write unanswered for STORAGE_DEADLINE_MS (another tab holding an old version
 * open, a stuck disk) counts the same, for the rest of the page's life: a late write landing
 * after the page went on without it could pair a model with a stale status.
 */
let opening: Promise<Table<ModelRecord, string> | null> | null = null;
const memory = new Map<string, unknown>();

function table(): Promise<Table<ModelRecord, string> | null> {
  opening ??= (async () => {
    try {
      // `&key`: the unique key of docs/behaviour.md §3; the object store is the same as with a
      // plain `key`.
      const instance = new Dexie(DB_NAME);
      instance.version(DB_VERSION).stores({ [DB_TABLE]: '&key' });
      await withDeadline(instance.open(), STORAGE_DEADLINE_MS);
      return instance.table<ModelRecord, string>(DB_TABLE);
    } catch (error) {
      reportStorageUnavailable('indexeddb-open', error);
      return null;
    }
  })();
  return opening;
}

/** An IndexedDB call, or DeadlinePassed; past the deadline the page stops using IndexedDB. */
async function answered<T>(call: Promise<T>): Promise<T> {
  try {
    return await withDeadline(call, STORAGE_DEADLINE_MS);
  } catch (error) {
    if (error instanceof DeadlinePassed) {
      opening = Promise.resolve(null);
      reportStorageUnavailable('indexeddb-stalled', error);
    }
    throw error;
  }
}

async function read(key: string): Promise<unknown> {
  if (memory.has(key)) return memory.get(key);
  const models = await table();
  if (!models) return undefined;
  try {
    return (await answered(models.get(key)))?.data;
  } catch (error) {
    console.warn('ModelDB read failed', key, error);
    return undefined;
  }
}

/**
 * Writes one record in one IndexedDB transaction, so a reader sees the old value or the whole
 * new one. Callers verify the bytes first. Returns false when the value is only kept in memory.
 */
async function write(key: string, data: unknown): Promise<boolean> {
  const models = await table();
  if (models) {
    try {
      await answered(models.put({ key, data }));
      memory.delete(key);
      return true;
    } catch (error) {
      reportStorageUnavailable('indexeddb-write', error);
    }
  }
  memory.set(key, data);
  return false;
}

export async function deleteKey(key: string): Promise<void> {
  memory.delete(key);
  const models = await table();
  if (!models) return;
  await answered(models.delete(key)).catch((error: unknown) =>
    console.warn('ModelDB delete failed', error),
  );
}

export async function hasKey(key: string): Promise<boolean> {
  return (await read(key)) !== undefined;
}

/** Every key held (one read of the table's keys, no values), the page's in-memory ones too. */
export async function storedKeys(): Promise<Set<string>> {
  const held = new Set(memory.keys());
  const models = await table();
  if (!models) return held;
  try {
    for (const key of await answered(models.toCollection().primaryKeys())) held.add(key);
  } catch (error) {
    console.warn('ModelDB keys unreadable', error);
  }
  return held;
}

/**
 * Which of `keys` hold a record: one read of the table's keys, so a shop's thousands of frames
 * cost one transaction, not one each.
 */
export async function heldKeys(keys: readonly string[]): Promise<Set<string>> {
  const stored = await storedKeys();
  return new Set(keys.filter((key) => stored.has(key)));
}

/** Binary values are Blobs; bytes written by other code paths are accepted too. */
export async function getBlob(key: string): Promise<Blob | undefined> {
  const data = await read(key);
  if (data instanceof Blob) return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new Blob([data as BlobPart]);
  return undefined;
}

/**
 * A stored Blob's bytes, or why not. A record's read (getBlob) hands back a handle; the bytes
 * behind it come off the disk only here, so this read has its deadline too: `'slow'` past
 * STORAGE_DEADLINE_MS (slow is not wrong: the caller leaves the record and downloads), and
 * `'unreadable'` when the browser cannot read it back (evicted bytes, a damaged disk).
 */
export async function storedBytes(blob: Blob): Promise<ArrayBuffer | 'slow' | 'unreadable'> {
  try {
    return await withDeadline(blob.arrayBuffer(), STORAGE_DEADLINE_MS);
  } catch (error) {
    console.warn('a stored file did not read back', error);
    return error instanceof DeadlinePassed ? 'slow' : 'unreadable';
  }
}

/**
 * Binary models are stored as Blobs (docs/behaviour.md §3). A WebKit session without a disk
 * (private browsing, WebDriver automation) stores no Blob in IndexedDB ("Error preparing
 * Blob/File data") but keeps bytes: there the same record holds the bytes instead, which getBlob
 * reads alike.
 */
export async function putBlob(key: string, blob: Blob): Promise<boolean> {
  const models = await table();
  if (models) {
    try {
      await answered(models.put({ key, data: blob }));
      memory.delete(key);
      return true;
    } catch (error) {
      if (!(error instanceof Error && error.name.includes('UnknownError'))) {
        reportStorageUnavailable('indexeddb-write', error);
        memory.set(key, blob);
        return false;
      }
    }
  }
  return write(key, await blob.arrayBuffer());
}

/** JSON is stored as UTF-8 bytes, as the original did. Undefined when missing or unreadable. */
export async function getJson(key: string): Promise<unknown> {
  const data = await read(key);
  let text: string;
  if (typeof data === 'string') text = data;
  else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    text = new TextDecoder().decode(data as ArrayBuffer | ArrayBufferView);
  } else if (data instanceof Blob) text = await data.text();
  else return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const putJson = (key: string, value: unknown): Promise<boolean> =>
  write(key, new TextEncoder().encode(JSON.stringify(value)));

/**
 * Flags are stored as the numbers 0 or 1; the original may have written strings, so '1' reads as
 * set. Returns null when the flag is missing, true only for 1 / '1'.
 */
export async function getFlag(key: string): Promise<boolean | null> {
  const data = await read(key);
  if (data === undefined || data === null) return null;
  return data === 1 || data === '1';
}

export const setFlag = (key: string, on: boolean): Promise<boolean> => write(key, on ? 1 : 0);
