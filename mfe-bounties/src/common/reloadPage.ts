/** TRY_AGAIN reloads the page (the list's error state). Its own module so tests can observe the call. */
export function reloadPage(): void {
  window.location.reload();
}
