import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineScript } from './inline-script.mjs';

const dir = mkdtempSync(join(tmpdir(), 'inline-script-'));
/** @param {string} name @param {string} text */
function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('inlineScript', () => {
  it('joins the files in order without their comment lines (or the blank lines before them)', () => {
    const first = file('first.js', '// what it does\nconst a = 1;\n  // indented note\n');
    const second = file('second.js', '// header\nconst b = a; // kept: code before it\n');
    expect(inlineScript(first, second)).toBe(
      'const a = 1;\nconst b = a; // kept: code before it\n',
    );
  });

  it('refuses a file whose code holds "</script", in any case, and names it', () => {
    const fine = file('fine.js', 'const a = 1;\n');
    const closing = file('closing.js', "const tag = '</SCRIPT>';\n");
    expect(() => inlineScript(fine, closing)).toThrow(`${closing} holds "</script"`);
  });

  it('lets "</script" stand in a comment line, which is not sent', () => {
    const commented = file('commented.js', '// never write </script> here\nconst a = 1;\n');
    expect(inlineScript(commented)).toBe('const a = 1;\n');
  });

  it('needs a file', () => {
    expect(() => inlineScript()).toThrow('no file given');
  });
});

describe('cspHash', () => {
  it("is the text's SHA-256 as a CSP source", () => {
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(cspHash('alert(1)')).toBe('sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=');
  });
});
