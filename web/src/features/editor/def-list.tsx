// What the inputs and the outputs editors share: a list of definition cards with an add
// menu under it (a new item's name focused; after a removal, its neighbour or the add
// button), and each card's change and move (focus kept on the arrow pressed).
import { useId, type ReactNode } from 'react';
import { Menu } from '../../components/menu';
import { useT } from '../../stores/i18n';
import { ItemActions, TextField } from './fields';
import { changeById, focusAfterRemoval, focusNew, moveBy, nameCounts, refocus } from './list-ops';
import { editorMessages } from './messages';

interface Def {
  id: unknown;
  name: string;
}

type Update<T> = (change: (items: T[]) => T[]) => void;

/** What a card gets from the list. */
export interface CardPlace {
  index: number;
  /** The id of the card's name field. */
  nameId: string;
  /** Whether another item has this item's name. */
  duplicate: boolean;
  onRemove(): void;
}

export function DefList<T extends Def>(props: {
  items: T[];
  update: Update<T>;
  nested?: boolean;
  /** Said when there are no items. */
  empty: string;
  card(item: T, place: CardPlace): ReactNode;
  /** The add button or menu, given how to add an item. */
  addMenu(add: (item: T) => void): ReactNode;
  onAdded?(item: T): void;
  onRemoved?(item: T): void;
}) {
  const base = useId();
  const rootId = `${base}-defs`;
  const counts = nameCounts(props.items);
  const nameId = (item: T) => `${base}-name-${String(item.id)}`;

  const add = (item: T) => {
    props.update((items) => [...items, item]);
    props.onAdded?.(item);
    focusNew(nameId(item));
  };

  const remove = (item: T, index: number) => {
    props.update((items) => items.filter((other) => other.id !== item.id));
    props.onRemoved?.(item);
    const root = document.getElementById(rootId);
    focusAfterRemoval(props.items, index, nameId, root, '.add-menu button');
  };

  return (
    <div className={`defs ${props.nested ? 'nested' : ''}`} id={rootId}>
      {props.items.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <ol className="def-list">
          {props.items.map((item, index) => (
            <li key={String(item.id)}>
              {props.card(item, {
                index,
                nameId: nameId(item),
                duplicate: (counts.get(item.name) ?? 0) > 1,
                onRemove: () => remove(item, index),
              })}
            </li>
          ))}
        </ol>
      )}
      <div className="add-menu">{props.addMenu(add)}</div>
    </div>
  );
}

/** An add menu: one item a kind, each with its label. */
export function AddMenu<K extends string>(props: {
  label: string;
  kinds: readonly K[];
  labelOf(kind: K): string;
  onPick(kind: K): void;
}) {
  return (
    <Menu label={props.label}>
      {(close) =>
        props.kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            role="menuitem"
            onClick={() => {
              close();
              props.onPick(kind);
            }}
          >
            {props.labelOf(kind)}
          </button>
        ))
      }
    </Menu>
  );
}

/** A card's ids (`base`, and its up and down arrows'), its change and its move. */
export function useDefCard<T extends Def>(update: Update<T>, id: T['id']) {
  const base = useId();
  const upId = `${base}-up`;
  const downId = `${base}-down`;
  const change = (edit: (item: T) => T) => update((items) => changeById(items, id, edit));
  const move = (delta: number) => {
    update((items) =>
      moveBy(
        items,
        items.findIndex((other) => other.id === id),
        delta,
      ),
    );
    refocus(delta < 0 ? upId : downId, delta < 0 ? downId : upId);
  };
  return { base, upId, downId, change, move };
}

/** A definition's card: its head (kind, name, move and delete), its name field, then
 * `children` (the rest of its settings). */
export function DefCard<T extends Def>(props: {
  item: T;
  place: CardPlace;
  /** How many items the list has. */
  count: number;
  /** The card's group label. */
  label: string;
  /** The kind shown in the head, if any. */
  badge?: string;
  /** The item named in its buttons' labels ("input x"). */
  what: string;
  /** The error a name another item has too shows. */
  duplicateError: string;
  card: ReturnType<typeof useDefCard<T>>;
  children: ReactNode;
}) {
  const t = useT(editorMessages);
  const { item, place, card } = props;
  return (
    <div className="def-card" role="group" aria-label={props.label}>
      <div className="def-head">
        {props.badge && <span className="def-badge">{props.badge}</span>}
        <span className="def-name code">{item.name}</span>
        <ItemActions
          what={props.what}
          upId={card.upId}
          downId={card.downId}
          first={place.index === 0}
          last={place.index === props.count - 1}
          onMove={card.move}
          onRemove={place.onRemove}
        />
      </div>
      <div className="def-body">
        <TextField
          id={place.nameId}
          label={t('name')}
          value={item.name}
          inputClassName="code"
          className="def-name-field"
          error={
            place.duplicate ? props.duplicateError : item.name.trim() === '' ? t('emptyName') : null
          }
          onChange={(name) => card.change((old) => ({ ...old, name }))}
        />
        {props.children}
      </div>
    </div>
  );
}
