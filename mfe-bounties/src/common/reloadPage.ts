/** TRY_AGAIN reloads the page (SPEC §2). Its own module so tests can observe the call. */
export function reloadPage(): void {
  window.location.reload();
}
