/** casbin's csv-parse reads the global Buffer when it loads: set it before casbin is imported. */
import { Buffer } from 'buffer';

const g = globalThis as { Buffer?: typeof Buffer };
g.Buffer ??= Buffer;
