import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changeById,
  focusAfterRemoval,
  moveBy,
  nameCounts,
  focusNew,
  refocus,
  sameJson,
  without,
} from './list-ops';

describe('moveBy', () => {
  const items = ['a', 'b', 'c', 'd'];

  it('moves an item up and down by one place', () => {
    expect(moveBy(items, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveBy(items, 1, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveBy(items, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveBy(items, 3, -1)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('moves by more than one place, clamped to the ends', () => {
    expect(moveBy(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveBy(items, 1, 10)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveBy(items, 2, -10)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('leaves the order alone past an end or for an unknown index', () => {
    expect(moveBy(items, 0, -1)).toEqual(items);
    expect(moveBy(items, 3, 1)).toEqual(items);
    expect(moveBy(items, -1, 1)).toEqual(items);
    expect(moveBy([], 0, 1)).toEqual([]);
  });

  it('never changes the list it is given, and always returns a new one', () => {
    const original = ['a', 'b', 'c'];
    const moved = moveBy(original, 0, 1);
    expect(original).toEqual(['a', 'b', 'c']);
    const unmoved = moveBy(original, 0, -1);
    expect(unmoved).toEqual(original);
    expect(unmoved).not.toBe(original);
    expect(moved).not.toBe(original);
  });
});

describe('changeById', () => {
  it('replaces only the item with that id, keeping the others as they were', () => {
    const first = { id: 1, name: 'a' };
    const second = { id: 2, name: 'b' };
    const third = { id: 3, name: 'c' };
    const list = [first, second, third];
    const next = changeById(list, 2, (item) => ({ ...item, name: 'renamed' }));
    expect(next).toEqual([first, { id: 2, name: 'renamed' }, third]);
    expect(next[0]).toBe(first);
    expect(next[2]).toBe(third);
    expect(list[1]).toEqual({ id: 2, name: 'b' });
  });

  it('changes nothing when no item has the id (ids compare strictly)', () => {
    const list = [{ id: 1, name: 'a' }];
    const change = vi.fn((item: { id: number; name: string }) => ({ ...item, name: 'x' }));
    expect(changeById(list, '1', change)).toEqual(list);
    expect(change).not.toHaveBeenCalled();
  });
});

describe('nameCounts', () => {
  it('counts how many items use each name', () => {
    const counts = nameCounts([{ name: 'a' }, { name: 'b' }, { name: 'a' }, { name: '' }]);
    expect(counts.get('a')).toBe(2);
    expect(counts.get('b')).toBe(1);
    expect(counts.get('')).toBe(1);
    expect(counts.get('c')).toBeUndefined();
  });

  it('treats names as case-sensitive', () => {
    const counts = nameCounts([{ name: 'a' }, { name: 'A' }]);
    expect(counts.get('a')).toBe(1);
    expect(counts.get('A')).toBe(1);
  });
});

describe('without', () => {
  it('drops the key and leaves the record it was given alone', () => {
    const record = { '1': 5, '2': 'x' };
    expect(without(record, '1')).toEqual({ '2': 'x' });
    expect(record).toEqual({ '1': 5, '2': 'x' });
  });

  it('copes with a missing key and a missing record', () => {
    expect(without({ a: 1 }, 'b')).toEqual({ a: 1 });
    expect(without(undefined, 'a')).toEqual({});
  });
});

describe('sameJson', () => {
  it('compares primitives', () => {
    expect(sameJson(1, 1)).toBe(true);
    expect(sameJson(null, null)).toBe(true);
    expect(sameJson('1', 1)).toBe(false);
    expect(sameJson(null, undefined)).toBe(false);
    expect(sameJson(false, null)).toBe(false);
    expect(sameJson(0, null)).toBe(false);
  });

  it('compares objects deeply, whatever the key order', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [2, 1] } })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(
      sameJson(
        { type: 'relative', params: { delta: 0, units: 'days' } },
        { type: 'relative', params: { delta: 1, units: 'days' } },
      ),
    ).toBe(false);
  });

  it('treats a missing key like an undefined one', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
  });

  it('tells arrays from objects and compares array lengths', () => {
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([{ '1': null }], [{ '1': null }])).toBe(true);
  });
});

describe('refocus', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  /** Runs animation frame callbacks at once. */
  function frameNow() {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
  }

  it('focuses the element with the id on the next frame', () => {
    document.body.innerHTML = '<button id="one">one</button><button id="two">two</button>';
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    refocus('two', 'one');
    expect(document.activeElement).toBe(document.body);
    frames.forEach((callback) => callback(0));
    expect(document.activeElement).toBe(document.getElementById('two'));
  });

  it('focuses the fallback when the element is disabled or gone', () => {
    frameNow();
    document.body.innerHTML = '<button id="up" disabled>up</button><button id="down">down</button>';
    refocus('up', 'down');
    expect(document.activeElement).toBe(document.getElementById('down'));

    (document.activeElement as HTMLElement).blur();
    refocus('missing', 'down');
    expect(document.activeElement).toBe(document.getElementById('down'));
  });

  it('focuses a new field with its text selected, so typing replaces it', () => {
    frameNow();
    document.body.innerHTML = '<input id="name" value="a">';
    focusNew('name');
    const field = document.getElementById('name') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 1]);
  });

  it('does nothing without a fallback when the element is disabled', () => {
    frameNow();
    document.body.innerHTML = '<button id="up" disabled>up</button>';
    refocus('up');
    expect(document.activeElement).toBe(document.body);
  });
});

describe('focusAfterRemoval', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  const idOf = (item: { id: string }) => `name-${item.id}`;

  function setUp(ids: string[]) {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    document.body.innerHTML = `<div id="list">${ids
      .map((id) => `<input id="name-${id}">`)
      .join('')}<span class="add"><button>Add</button></span></div>`;
    return document.getElementById('list');
  }

  it('focuses the next item', () => {
    const list = setUp(['a', 'c']);
    focusAfterRemoval(items, 1, idOf, list, '.add button');
    expect(document.activeElement).toBe(document.getElementById('name-c'));
  });

  it('focuses the previous item when the last one was removed', () => {
    const list = setUp(['a', 'b']);
    focusAfterRemoval(items, 2, idOf, list, '.add button');
    expect(document.activeElement).toBe(document.getElementById('name-b'));
  });

  it('focuses the add button when the list is now empty', () => {
    const list = setUp([]);
    focusAfterRemoval([{ id: 'a' }], 0, idOf, list, '.add button');
    expect(document.activeElement).toBe(list?.querySelector('.add button'));
  });
});
