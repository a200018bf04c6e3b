// Small line icons for the example cards; they take the text colour of their container.
import type { ExampleKey } from './examples';

const PATHS: Record<ExampleKey, string> = {
  // A house with a coin.
  loan: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5h4v5',
  // A scale.
  bmi: 'M5 5h14a1 1 0 0 1 1 1v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a1 1 0 0 1 1-1zM8.5 11a3.5 3.5 0 0 1 7 0M12 11l1.5-2.5',
  // A calendar.
  age: 'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM4 10h16M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2',
  // A receipt.
  tip: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
};

export function ExampleIcon({ example }: { example: ExampleKey }) {
  return (
    <svg
      className="example-icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[example]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
