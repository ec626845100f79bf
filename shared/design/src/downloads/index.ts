// A list of files to download (a scored bounty's data for entrants, the team's setup files), for the
// entries panel and the console: imported only by those pages, so no other route carries it.
export { DownloadList } from './DownloadList';
export { downloadsOf, type Download } from './downloads';
