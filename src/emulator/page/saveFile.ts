/**
 * Saves a blob as a file through a temporary object URL and a `download` link, as a browser export does.
 *
 * @returns The blob that was offered, for callers that want its size.
 */
export function saveFile(doc: Document, fileName: string, blob: Blob): Blob {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download reads the URL asynchronously; revoke it once that has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return blob;
}
