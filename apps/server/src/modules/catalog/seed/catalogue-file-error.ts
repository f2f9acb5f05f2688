/** Thrown for a content file that does not match its format: names the file and the field. */
export class CatalogueFileError extends Error {
  constructor(file: string, problem: string) {
    super(`Seed catalogue file ${file}: ${problem}`);
    this.name = 'CatalogueFileError';
  }
}
