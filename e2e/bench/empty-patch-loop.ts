/**
 * One-off measure for issue 55 (run: `npx tsx e2e/bench/empty-patch-loop.ts`): another visitor's
 * small enquiry alone, then while one address loops empty PATCHes on four (`LOOPS`) finished uploads of an
 * interlaced 99-megapixel PNG; and the proxy's CPU for the PATCHes. Measurement only.
 */
import sharp from 'sharp';
import { cpuSeconds, stopAll } from './processes.ts';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { formToken, submissionForm, submit } from './requests.ts';
import { startProxyServer, startStandIn } from './servers.ts';

const TUS = { 'tus-resumable': '1.0.0', origin: ORIGIN };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const png = await sharp({
  create: { width: 9950, height: 9950, channels: 3, background: { r: 200, g: 100, b: 50 } },
})
  .png({ progressive: true, compressionLevel: 1, adaptiveFiltering: false })
  .toBuffer();
const standIn = await startStandIn();
const proxy = await startProxyServer(standIn, { env: { DELIVERY_DEADLINE_MS: '300000' } });
const { origin } = proxy;

async function finishedUpload(): Promise<string> {
  const token = await formToken(origin);
  const created = await fetch(`${origin}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      'upload-length': String(png.byteLength),
      'upload-metadata': `filename ${b64('plan.png')},filetype ${b64('image/png')},form_token ${b64(token)}`,
    },
  });
  const url = `${origin}${created.headers.get('location') ?? ''}`;
  const patched = await fetch(url, { method: 'PATCH', headers: emptyPatch(0), body: png });
  console.log('upload', patched.status, patched.headers.get('upload-check'));
  return url;
}
const emptyPatch = (offset: number) => ({
  ...TUS,
  'content-type': 'application/offset+octet-stream',
  'upload-offset': String(offset),
});

async function enquiryMs(): Promise<number> {
  const form = submissionForm(await formToken(origin));
  const started = performance.now();
  const { status } = await submit(origin, form);
  if (status !== 201) throw new Error(`enquiry answered ${String(status)}`);
  return performance.now() - started;
}

try {
  const uploads = [];
  for (let n = 0; n < Number(process.env.LOOPS ?? 4); n++) uploads.push(await finishedUpload());
  const alone: number[] = [];
  for (let n = 0; n < 7; n++) alone.push(await enquiryMs());
  let looping = true;
  let patches = 0;
  const cpuBefore = cpuSeconds(proxy.child.pid);
  const loops = uploads.map(async (url) => {
    while (looping) {
      const answer = await fetch(url, { method: 'PATCH', headers: emptyPatch(png.byteLength) });
      await answer.arrayBuffer();
      patches += 1;
    }
  });
  const during: number[] = [];
  for (let n = 0; n < 7; n++) during.push(await enquiryMs());
  looping = false;
  await Promise.all(loops);
  const cpu = cpuSeconds(proxy.child.pid) - cpuBefore;
  console.log(
    `PNG ${String(png.byteLength)} bytes; enquiry alone: median ${median(alone).toFixed(0)} ms (${alone.map((x) => x.toFixed(0)).join(', ')})`,
  );
  console.log(
    `during the loop: median ${median(during).toFixed(0)} ms (${during.map((x) => x.toFixed(0)).join(', ')})`,
  );
  console.log(
    `${String(patches)} empty PATCHes in the loop, proxy CPU ${cpu.toFixed(2)} s (with the 7 enquiries): ${((cpu / patches) * 10).toFixed(3)} s per ten`,
  );
} finally {
  await stopAll();
}
