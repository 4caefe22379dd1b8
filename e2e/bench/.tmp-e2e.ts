import { uploadEndToEnd } from './upload-end-to-end.ts';
import { stopAll } from './processes.ts';
try { console.log(await uploadEndToEnd()); } finally { await stopAll(); }
