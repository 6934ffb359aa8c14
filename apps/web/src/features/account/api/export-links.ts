/** Download addresses of the account export (plain links: the browser streams them to a file). */
export const exportJsonUrl = (embedPhotos: boolean) =>
  `/api/account/export${embedPhotos ? "?photos=embed" : ""}`;
export const exportZipUrl = "/api/account/export.zip";
