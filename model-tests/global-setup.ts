import fs from 'node:fs';
import { COVERAGE_DIR } from './coverage';

/**
 * Every model run starts from an empty `model-tests/.coverage/`: the report then reads only what
 * this run's tests recorded, so a skipped or deleted model test cannot leave an old 100% behind.
 */
export default function setup(): void {
  fs.rmSync(COVERAGE_DIR, { recursive: true, force: true });
}
