import { describe, expect, it } from 'vitest';
import { calcFromJson, calcFromText, calcFromUrl, DocSourceError } from './doc-source';

const doc = {
  script: 'return { x: inputs.a };',
  metaInputs: [{ id: 1, name: 'a', type: 'number' }],
  metaOutputs: [{ id: 1, name: 'x', type: 'value' }],
};

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DocSourceError ? `${error.code}: ${error.message}` : String(error);
  }
  return 'no error';
};

describe('the element’s doc sources', () => {
  it('reads a Calcsmith /api/calc answer with its style, and a bare doc without one', () => {
    expect(calcFromJson({ doc, doc_style: { fsize: 12 }, result: null })).toEqual({
      doc,
      style: { fsize: 12 },
    });
    expect(calcFromJson(doc)).toEqual({ doc, style: {} });
    expect(calcFromJson({ script: 'return {};' })).toEqual({
      doc: { script: 'return {};' },
      style: {},
    });
  });

  it('refuses JSON that is no calculator, and text that is no JSON', () => {
    const notADoc =
      'not-a-doc: This JSON is not a Calcsmith calculator: it has no metaInputs, metaOutputs or script.';
    expect(failure(() => calcFromJson([doc]))).toBe(notADoc);
    expect(failure(() => calcFromJson({ metaInputs: 'a' }))).toBe(notADoc);
    expect(failure(() => calcFromJson({ doc: { name: 'x' } }))).toBe(notADoc);
    expect(failure(() => calcFromText('{"metaInputs": ['))).toBe(
      'bad-json: The doc attribute is not valid JSON.',
    );
  });

  it('fetches src relative to the page and names the address when it fails', async () => {
    const urls: string[] = [];
    const ok = async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ doc }));
    };
    expect(await calcFromUrl('calc.json', 'https://host.example/page/', ok)).toEqual({
      doc,
      style: {},
    });
    expect(urls).toEqual(['https://host.example/page/calc.json']);

    const gone = async () => new Response('', { status: 404 });
    await expect(calcFromUrl('/x.json', 'https://host.example/', gone)).rejects.toThrow(
      'https://host.example/x.json answered 404.',
    );
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(calcFromUrl('/x.json', 'https://host.example/', offline)).rejects.toThrow(
      'https://host.example/x.json could not be fetched.',
    );
    const html = async () => new Response('<html>');
    await expect(calcFromUrl('/x.json', 'https://host.example/', html)).rejects.toThrow(
      'https://host.example/x.json is not valid JSON.',
    );
  });
});
