import { describe, expect, it } from 'vitest';
import { withoutAnnotations } from './without-annotations.ts';

describe('the bundles without annotations', () => {
  it('drops every pure annotation, in both spellings, and keeps licence comments', () => {
    const code =
      '/*! @license MIT */const a=/* @__PURE__ */new WeakMap,b=/*#__PURE__*/f(),c=/* @__NO_SIDE_EFFECTS__ */g;';
    expect(withoutAnnotations(code)?.toString()).toBe(
      '/*! @license MIT */const a=new WeakMap,b=f(),c=g;',
    );
    expect(withoutAnnotations('const a=1;')).toBeUndefined();
  });

  it('maps what follows a dropped annotation back to where it was', () => {
    const code = 'const a=/* @__PURE__ */new WeakMap;const b=1;';
    const stripped = withoutAnnotations(code);
    const [line = []] = stripped?.generateDecodedMap({ hires: true }).mappings ?? [];
    const segment = line.find(([column]) => column === stripped?.toString().indexOf('const b'));
    // [column in the output, source, line in the source, column in the source]
    expect(segment?.[3]).toBe(code.indexOf('const b'));
  });
});
