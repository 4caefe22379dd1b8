/**
 * The converter this proxy can offer, from what is installed and what the environment asks:
 * photos through sharp always, HEIC when heif-convert is on the PATH, documents only with
 * `CONVERT_DOCUMENTS=1`, LibreOffice installed and its box proven to work (`sandbox.ts`). What it
 * cannot convert, visitors are not offered (`GET /api/form` lists `files.kinds`).
 */
import { z } from 'zod';
import {
  ACCEPTED_KINDS,
  isPlatformKind,
  type AcceptedKind,
  type ConvertedKind,
} from '../contract/limits.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { integer } from '../env-values.ts';
import type { Logger } from '../logger.ts';
import { ConversionError, type Converted, type Converter } from './conversion.ts';
import { linkProblem } from './document-links.ts';
import { DocumentConverter } from './documents.ts';
import { convertHeic, convertWithSharp, heicProblem, photoProblem } from './images.ts';
import { conversionRoot, sweepLeftovers } from './job-folders.ts';
import { onPath, toolExists } from './run-tool.ts';
import { proveBox } from './sandbox.ts';
import { limit } from './task-limit.ts';
import { zipProblem } from './zip-check.ts';

/** The environment variables of conversion (part of the proxy's schema). */
export const convertEnvShape = {
  CONVERT_DOCUMENTS: z
    .enum(['0', '1'])
    .default('0')
    .describe(
      '`1`: Word, OpenDocument, RTF and text files are taken and converted to PDF with LibreOffice (`soffice` on the PATH), in a box (`bwrap`) proven at start; without one, documents are not offered.',
    ),
  CONVERT_MAX_SIDE: integer(3000, 100).describe(
    'Photos converted to JPEG are made at most this many pixels on their long side.',
  ),
  CONVERT_TIMEOUT_MS: integer(60_000, 1000).describe('Longest one conversion may take.'),
  CONVERT_MEMORY_MB: integer(1024, 256).describe(
    'Memory (address space) each LibreOffice process may use, enforced by the kernel; its CPU time is capped at `CONVERT_TIMEOUT_MS` too.',
  ),
  CONVERT_WORKERS: integer(2, 1).describe(
    'Conversions at once (each LibreOffice worker has its own profile).',
  ),
  CONVERT_RECYCLE_AFTER: integer(50, 1).describe(
    'Documents a LibreOffice worker converts before its profile is made afresh.',
  ),
};

/** The checked conversion settings. */
export type ConvertEnv = z.output<z.ZodObject<typeof convertEnvShape>>;

const SHARP_KINDS = ['webp', 'avif', 'tiff', 'bmp'] as const satisfies ConvertedKind[];
const DOCUMENT_KINDS = ['docx', 'doc', 'odt', 'rtf', 'txt'] as const satisfies ConvertedKind[];

/** Looks for the tools and builds the converter; says at start what it found. */
export async function openConverter(env: ConvertEnv, log: Logger): Promise<Converter> {
  const heic = await toolExists('heif-convert');
  const swept = await sweepLeftovers(conversionRoot());
  if (swept.length > 0)
    log.warn({ swept }, 'removed what conversions of a proxy that was killed left behind');
  const documents = await openDocuments(env);
  if (documents.off) log.warn(documents.off);
  const converter = createConverter({
    heic,
    documents: documents.converter,
    maxSide: env.CONVERT_MAX_SIDE,
    timeoutMs: env.CONVERT_TIMEOUT_MS,
    workers: env.CONVERT_WORKERS,
    warnings: documents.off ? [documents.off] : [],
  });
  log.info({ kinds: converter.kinds }, 'files of these kinds are converted before delivery');
  return converter;
}

/**
 * The documents converter when documents are asked for, LibreOffice is there and its box is
 * proven; else why documents are off (undefined when they were not asked for).
 */
export async function openDocuments(
  env: ConvertEnv,
): Promise<{ converter?: DocumentConverter; off?: string }> {
  if (env.CONVERT_DOCUMENTS !== '1') return {};
  // Looked up, not run: LibreOffice never runs outside its box.
  if (!(await onPath('soffice')))
    return {
      off: 'CONVERT_DOCUMENTS=1 but soffice is not on the PATH: documents are not offered (install LibreOffice Writer)',
    };
  const root = conversionRoot();
  const memoryMb = env.CONVERT_MEMORY_MB;
  const proof = await proveBox(root, {
    memoryMb,
    cpuSeconds: Math.ceil(env.CONVERT_TIMEOUT_MS / 1000),
  });
  if (!proof.proven)
    return {
      off: `CONVERT_DOCUMENTS=1 but documents are not offered: LibreOffice never runs outside its box, and the box could not be proven here (${proof.why}). Install bubblewrap and allow user namespaces (docs/configuration.md, "Documents are converted in a box")`,
    };
  return {
    converter: new DocumentConverter({
      soffice: 'soffice',
      root,
      memoryMb,
      timeoutMs: env.CONVERT_TIMEOUT_MS,
      workers: env.CONVERT_WORKERS,
      recycleAfter: env.CONVERT_RECYCLE_AFTER,
    }),
  };
}

/** What `createConverter` is given: tools found, and limits. */
export interface ConverterParts {
  heic: boolean;
  documents: DocumentConverter | undefined;
  maxSide: number;
  timeoutMs: number;
  /** Photo conversions at once (libvips and heif-convert are CPU-bound). */
  workers: number;
  /** What an operator should know (documents off, and why). */
  warnings?: readonly string[];
}

/** A converter of the kinds its parts can take. */
export function createConverter(parts: ConverterParts): Converter {
  const kinds: ConvertedKind[] = [
    ...(parts.heic ? (['heic'] as const) : []),
    ...SHARP_KINDS,
    ...(parts.documents ? DOCUMENT_KINDS : []),
  ];
  const photos = limit(parts.workers);
  const { documents } = parts;
  return {
    kinds,
    warnings: parts.warnings ?? [],
    async convert(kind, input, signal): Promise<Converted> {
      if (!kinds.includes(kind)) throw new ConversionError(`${kind} files are not converted here`);
      if (isDocument(kind)) {
        if (!documents) throw new ConversionError(`${kind} files are not converted here`);
        const link = linkProblem(kind, input);
        if (link) throw link;
        return documents.convert(input, kind, signal);
      }
      const options = { maxSide: parts.maxSide, timeoutMs: parts.timeoutMs, signal };
      return photos(() =>
        kind === 'heic' ? convertHeic(input, options) : convertWithSharp(input, kind, options),
      );
    },
    async inspect(kind, input) {
      if (kind === 'docx' || kind === 'odt') return zipProblem(input) ?? linkProblem(kind, input);
      if (kind === 'rtf') return linkProblem(kind, input);
      if (kind === 'heic')
        return heicProblem(input, { maxSide: parts.maxSide, timeoutMs: parts.timeoutMs });
      if (isDocument(kind)) return undefined;
      return photoProblem(input, kind, parts.timeoutMs);
    },
    close: () => documents?.close() ?? Promise.resolve(),
  };
}

const isDocument = (kind: ConvertedKind): kind is (typeof DOCUMENT_KINDS)[number] =>
  (DOCUMENT_KINDS as readonly string[]).includes(kind);

/**
 * The configuration with `files.kinds` set to what visitors may attach here: the configured
 * kinds (all, when it names none) that the platform takes or this converter can convert.
 */
export function withAcceptedKinds(
  config: FormConfig,
  converter: Converter,
  log: Logger,
): FormConfig {
  const wanted = config.files.kinds ?? (Object.keys(ACCEPTED_KINDS) as AcceptedKind[]);
  const kinds = wanted.filter((kind) => isPlatformKind(kind) || converter.kinds.includes(kind));
  const missing = wanted.filter((kind) => !kinds.includes(kind));
  if (config.files.kinds && missing.length > 0)
    log.warn(
      { missing },
      'the configuration names kinds of file this proxy cannot convert: they are not offered',
    );
  return { ...config, files: { ...config.files, kinds } };
}
