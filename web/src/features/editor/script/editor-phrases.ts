// CodeMirror's own words (the diff's "$ unchanged lines", the lint panel, folding) in the
// interface's language, for the script editor and the History diff (EditorState.phrases).
import { EditorState, type Extension } from '@codemirror/state';
import type { Locale } from '../../../stores/ui';

/** Every phrase the CodeMirror packages the app uses ask for, in Russian. */
const RUSSIAN: Record<string, string> = {
  // @codemirror/merge ("$" is the count; "Строк: N" needs no plural forms)
  '$ unchanged lines': 'Строк без изменений: $',
  Accept: 'Принять',
  Reject: 'Отклонить',
  'Revert this chunk': 'Вернуть этот фрагмент',
  // @codemirror/lint
  Diagnostics: 'Замечания',
  'No diagnostics': 'Замечаний нет',
  // @codemirror/view, @codemirror/lint
  close: 'закрыть',
  'Control character': 'Управляющий символ',
  // @codemirror/autocomplete
  Completions: 'Варианты',
  // @codemirror/commands
  'Selection deleted': 'Выделенное удалено',
  // @codemirror/language
  'Folded lines': 'Свёрнутые строки',
  'Unfolded lines': 'Развёрнутые строки',
  to: 'до',
  'folded code': 'свёрнутый код',
  unfold: 'развернуть',
  'Fold line': 'Свернуть строку',
  'Unfold line': 'Развернуть строку',
};

/** The phrases of an editor shown in `locale` (CodeMirror's own are English). */
export function editorPhrases(locale: Locale): Extension {
  return locale === 'ru' ? EditorState.phrases.of(RUSSIAN) : [];
}
