import { useMemo } from 'react';
import { useT } from '../stores/i18n';
import { useCalcs } from '../stores/calcs';
import { calcsMessages } from '../stores/messages';
import { useSession } from '../stores/session';
import { appMessages } from './messages';

export interface NavItem {
  id: string;
  /** The name shown, "Untitled calculator" for none. */
  name: string;
  /** The name with "[Unsaved] " before it when the server lacks some of it (spec §2). */
  label: string;
}

export interface NavGroups {
  /** Calculators only this browser has, in the order they were opened. */
  drafts: NavItem[];
  /** The user's saved calculators: those opened here first, then the rest of the list. */
  saved: NavItem[];
}

/** Calculators opened here (unsaved ones marked) and the user's saved ones (spec §2). */
export function useNavItems(): NavGroups {
  const t = useT(appMessages);
  const tc = useT(calcsMessages);
  const calcs = useCalcs((s) => s.calcs);
  const order = useCalcs((s) => s.order);
  const user = useSession((s) => s.user);
  return useMemo(() => {
    const groups: NavGroups = { drafts: [], saved: [] };
    const seen = new Set<string>();
    const nameOf = (value: unknown) =>
      typeof value === 'string' && value.trim() ? value : tc('untitled');
    for (const id of order) {
      const calc = calcs[id];
      if (!calc) continue;
      seen.add(id);
      const name = nameOf(calc.doc.name);
      const label = (calc.saved ? '' : t('unsavedPrefix')) + name;
      const stored = calc.stored || user?.calcs.some((c) => c._id === id);
      (stored ? groups.saved : groups.drafts).push({ id, name, label });
    }
    for (const calc of user?.calcs ?? []) {
      if (seen.has(calc._id)) continue;
      const name = nameOf(calc.doc?.name);
      groups.saved.push({ id: calc._id, name, label: name });
    }
    return groups;
  }, [calcs, order, user, t, tc]);
}
