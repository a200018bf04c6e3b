// Import of a calculator file on a screen (the editor, My calculators): a button that
// picks a file, and the whole window as a drop target while the screen is shown (a file
// dropped anywhere else would make the browser open it in place of the app). A calculator
// opens as a new unsaved draft (named "… (imported)" when a calculator here has its name);
// anything else is refused with a toast that says why.
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../stores/i18n';
import { useCalcs } from '../../stores/calcs';
import { useSession } from '../../stores/session';
import { toast, useUi } from '../../stores/ui';
import { importedName, readCalcFile } from '../../lib/calc-file/calc-file';
import { calcFileMessages } from '../../lib/calc-file/messages';
import './calc-file.css';

/** Whether a drag carries files (not text or a link dragged inside the page). */
const carriesFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');

/** The names of the calculators here: the account's saved ones and those open in this browser. */
function namesInUse(): Set<string> {
  const saved = useSession.getState().user?.calcs.map((calc) => calc.doc?.name) ?? [];
  const open = Object.values(useCalcs.getState().calcs).map((calc) => calc.doc.name);
  return new Set([...saved, ...open].map((name) => String(name ?? '').trim()));
}

export interface CalcImport {
  /** Opens the file picker. */
  pick(): void;
  /** Imports `file`. */
  importFile(file: File): Promise<void>;
  /** The hidden file input and, while a file is dragged over, the drop hint. */
  elements: ReactNode;
  busy: boolean;
}

export function useCalcImport(): CalcImport {
  const t = useT(calcFileMessages);
  const navigate = useNavigate();
  const locale = useUi((s) => s.locale);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  /** Nesting of dragenter/dragleave over the screen's elements. */
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      const parsed = await readCalcFile(file, locale);
      if (!parsed.ok) {
        toast(
          parsed.problem === 'rejected'
            ? t('rejected', { detail: parsed.detail })
            : t(parsed.problem),
        );
        return;
      }
      const own = String(parsed.doc.name ?? '');
      const name = own.trim()
        ? importedName(own, namesInUse(), (n) =>
            t(n === 1 ? 'importedName' : 'importedNameN', { name: own.trim(), n }),
          )
        : own;
      const doc = name === own ? parsed.doc : { ...parsed.doc, name };
      const id = useCalcs.getState().draftFrom(doc, parsed.doc_style);
      toast(t('imported', { name: name.trim() || t('untitled') }));
      navigate(`/source/${id}`);
    } finally {
      setBusy(false);
    }
  };

  const onDrag = useEffectEvent((event: DragEvent) => {
    if (!carriesFiles(event)) return;
    switch (event.type) {
      case 'dragenter':
        depth.current += 1;
        setDragging(true);
        break;
      case 'dragover':
        // Without this the browser opens the file itself.
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
        break;
      case 'dragleave':
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
        break;
      case 'drop': {
        depth.current = 0;
        setDragging(false);
        // The script editor takes a file dropped into it as text.
        if (event.defaultPrevented) return;
        event.preventDefault();
        const file = event.dataTransfer?.files?.[0];
        if (file) void importFile(file);
        break;
      }
    }
  });

  useEffect(() => {
    const listener = (event: DragEvent) => onDrag(event);
    const types = ['dragenter', 'dragover', 'dragleave', 'drop'] as const;
    for (const type of types) window.addEventListener(type, listener);
    return () => {
      for (const type of types) window.removeEventListener(type, listener);
    };
  }, []);

  const elements = (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be picked again.
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          <p>{t('dropHere')}</p>
        </div>
      )}
      {busy && (
        <p className="visually-hidden" role="status">
          {t('importing')}
        </p>
      )}
    </>
  );

  return { pick: () => input.current?.click(), importFile, elements, busy };
}
