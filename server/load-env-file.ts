// Importing this module reads the .env file (ADR 068): for an entry point whose own imports read
// the environment as they load (scripts/fuzz.ts: TEST_DATABASE_URL). Import it first.
import { loadEnvFileOrExit } from '#server/env-file.ts';

loadEnvFileOrExit();
