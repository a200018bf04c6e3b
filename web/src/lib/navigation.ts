// Page loads the app itself starts. Drafts live in local storage, so these lose nothing
// and skip the "unsaved calculators" warning, which is for the visitor leaving.
let intended = false;

/** True while a reload or page change started by the app is under way. */
export const navigationIntended = () => intended;

export function reloadPage(): void {
  intended = true;
  window.location.reload();
}

export function loadPage(url: string): void {
  intended = true;
  window.location.assign(url);
}
