export default function AdminTranslations() {
  return <h1>Translations</h1>;
}
