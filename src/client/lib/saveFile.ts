/** Hands a file made in the page to the browser's download, under the given name. */
export function saveFile(name: string, contents: Blob): void {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; release it once this task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
