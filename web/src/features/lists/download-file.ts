/** Hands the file to the browser as a download. */
export function downloadFile(file: { name: string; type: string; text: string }): void {
  const href = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
