// Placeholder: replaced by the screen's real implementation.
export default function Screen() {
  return <div className="page">Coming soon.</div>;
}
