// A vitest reporter that writes how long each test file took, all of it (start-up, imports,
// hooks such as a shared shop's beforeAll, and the tests), to the JSON file named by
// FILE_TIMES_JSON. scripts/test.ts prints the slowest files of each pass from it (ADR 072).
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  /** The file's absolute path. */
  file: string;
  /** Seconds from the worker taking the file to its last hook, summed as vitest reports them. */
  seconds: number;
}

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.times.push({ file: testModule.moduleId, seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    const out = process.env.FILE_TIMES_JSON;
    if (out) writeFileSync(out, JSON.stringify(this.times));
  }
}
