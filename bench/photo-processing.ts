/**
 * Photo processing: what one upload costs on this machine. A 12-megapixel JPEG (4000 × 3000,
 * made with sharp from grain over gradients so it compresses as a camera's photo does) goes
 * through processPhoto (server/media/photo-pipeline.ts) into every width as WebP and JPEG, N
 * times into a fresh folder: the median and slowest wall time, CPU time, the longest the event
 * loop waited meanwhile, and the process's peak RSS. Then each step alone, from the decoded
 * pixels: every width in WebP, JPEG and AVIF (AVIF is not written by the pipeline: its cost is
 * here to show why, at sharp's default effort and at effort 1), with the files' sizes.
 *
 * Run: `npx tsx bench/photo-processing.ts` (BENCH_RUNS=7). Prints the figures and writes
 * bench/results/photo-processing.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_WIDTHS, processPhoto } from '../server/media/photo-pipeline.ts';
import { samplePhoto } from '../server/media/sample-photo.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7));
const WIDTH = 4000;
const HEIGHT = 3000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

const loadBefore = os.loadavg().map((load) => round(load, 2));
const original = await samplePhoto(WIDTH, HEIGHT, 'jpeg');
console.log(`A ${WIDTH} × ${HEIGHT} JPEG of ${(original.length / 1048576).toFixed(1)} MiB; ${RUNS} runs on ${os.cpus().length} CPUs`);

// The whole pipeline, as an upload runs it.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-'));
const runs: { wallMs: number; cpuMs: number; loopWaitMs: number }[] = [];
let writtenBytes = 0;
const rssBefore = process.memoryUsage.rss();
let rssPeak = rssBefore;
try {
  for (let run = 0; run < RUNS + 1; run++) {
    const mediaDir = path.join(work, String(run));
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last - 5);
      last = now;
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 5);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await processPhoto(original, { mediaDir });
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    clearInterval(timer);
    // The first run warms the library up: not counted.
    if (run > 0) runs.push({ wallMs, cpuMs: (used.user + used.system) / 1000, loopWaitMs: longest });
    if (run === 1) {
      const folder = path.join(mediaDir, 'uploads');
      writtenBytes = (fs.readdirSync(folder, { recursive: true }) as string[]).reduce((sum, name) => {
        const stat = fs.statSync(path.join(folder, name));
        return sum + (stat.isFile() ? stat.size : 0);
      }, 0);
    }
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
const pipeline = {
  wallMs: { median: round(median(runs.map((r) => r.wallMs))), max: round(Math.max(...runs.map((r) => r.wallMs))) },
  cpuMs: { median: round(median(runs.map((r) => r.cpuMs))) },
  loopWaitMs: { max: round(Math.max(...runs.map((r) => r.loopWaitMs))) },
  files: PHOTO_WIDTHS.length * 2,
  writtenBytes,
  /** The process's resident memory before the first upload and its highest while they ran (sampled every 5 ms). */
  rssMiB: { before: round(rssBefore / 1048576), peak: round(rssPeak / 1048576) },
};
console.log(
  `processPhoto: median ${pipeline.wallMs.median} ms (slowest ${pipeline.wallMs.max} ms), CPU ${pipeline.cpuMs.median} ms, event loop waited at most ${pipeline.loopWaitMs.max} ms, RSS ${pipeline.rssMiB.before} → ${pipeline.rssMiB.peak} MiB`,
);

// Each step alone, as the pipeline does it (one libvips thread), from the decoded pixels.
const decodeTimes: number[] = [];
let decoded: { data: Buffer; info: OutputInfo } | undefined;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  decoded = await sharp(original, { sequentialRead: true }).rotate().resize({ width: 1920 }).raw().toBuffer({ resolveWithObject: true });
  decodeTimes.push(performance.now() - started);
}
const { data, info } = decoded!;
const raw = { width: info.width, height: info.height, channels: info.channels };
const encoders = {
  webp: (image: Sharp) => image.webp({ quality: 76, effort: 4 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 80, progressive: true }),
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 4 }),
  /** AVIF at its fastest useful effort: what AVIF would cost the pipeline at best. */
  'avif-fast': (image: Sharp) => image.avif({ quality: 50, effort: 1 }),
} as const;
const sizes: { format: string; width: number; medianMs: number; bytes: number }[] = [];
for (const [format, encode] of Object.entries(encoders)) {
  for (const width of PHOTO_WIDTHS) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const out = await encode(sharp(data, { raw }).resize({ width })).toBuffer();
      times.push(performance.now() - started);
      bytes = out.length;
    }
    sizes.push({ format, width, medianMs: round(median(times)), bytes });
    console.log(`${format} ${width}: ${round(median(times))} ms, ${bytes} B`);
  }
}
const totalOf = (format: string) => round(sizes.filter((row) => row.format === format).reduce((sum, row) => sum + row.medianMs, 0));
const result = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  loadAverage: { before: loadBefore, after: os.loadavg().map((load) => round(load, 2)) },
  node: process.version,
  sharp: sharp.versions.sharp,
  vips: sharp.versions.vips,
  runs: RUNS,
  original: { width: WIDTH, height: HEIGHT, bytes: original.length },
  pipeline,
  decodeMs: round(median(decodeTimes)),
  sizes,
  totalsMs: { webp: totalOf('webp'), jpeg: totalOf('jpeg'), avif: totalOf('avif'), avifFast: totalOf('avif-fast') },
  /** The whole run's, the steps alone included. */
  peakRssMiB: round(process.resourceUsage().maxRSS / 1024),
};
console.log(`every width: WebP ${result.totalsMs.webp} ms, JPEG ${result.totalsMs.jpeg} ms, AVIF ${result.totalsMs.avif} ms (effort 1: ${result.totalsMs.avifFast} ms); decode ${result.decodeMs} ms; peak RSS ${result.peakRssMiB} MiB`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'photo-processing.json'), `${JSON.stringify(result, null, 2)}\n`);
