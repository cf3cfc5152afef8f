// The package ships no types; this is the part of its API the search uses.
declare module "snowball-stemmers" {
  const snowball: {
    algorithms(): string[];
    newStemmer(algorithm: string): { stem(word: string): string };
  };
  export default snowball;
}
