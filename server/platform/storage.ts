// Where binary files live. Disk by default; an S3-compatible store can implement the same face.

import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StorageFullError } from './errors.ts';

/** Whether a storage error says there is no room left (a full disk or quota), not that the call was wrong. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * Stores a file someone sent (an owner's photo, a ticket's): a full disk or quota is the clear
 * "storage full" (507, ADR 050) rather than a 500; anything else is a fault and thrown as it is.
 */
export async function putUpload(storage: BlobStorage, key: string, data: Buffer): Promise<void> {
  try {
    await storage.put(key, data);
  } catch (error) {
    if (isStorageFull(error)) throw new StorageFullError();
    throw error;
  }
}

export interface BlobStorage {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Removes the file at `key`, or everything under the folder `key` (a picture's renditions);
   * nothing there is not an error. A store without it keeps files nothing refers to any more.
   */
  remove?(key: string): Promise<void>;
}

export class DiskStorage implements BlobStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return full;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${full}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, full);
    } catch (error) {
      // A disk that filled up half-way leaves no partial file behind (ADR 050).
      await rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { recursive: true, force: true });
  }
}

/** Keeps blobs in memory: for tests that need no disk. */
export class MemoryStorage implements BlobStorage {
  private readonly blobs = new Map<string, Buffer>();
  async get(key: string): Promise<Buffer | null> {
    return this.blobs.get(key) ?? null;
  }
  async put(key: string, data: Buffer): Promise<void> {
    this.blobs.set(key, data);
  }
  async remove(key: string): Promise<void> {
    for (const k of [...this.blobs.keys()]) if (k === key || k.startsWith(`${key}/`)) this.blobs.delete(k);
  }
  /** Every key held (tests check that a refused upload stored nothing). */
  keys(): string[] {
    return [...this.blobs.keys()];
  }
}
