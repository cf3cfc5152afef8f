export default function AdminLanguages() {
  return <h1>Languages</h1>;
}
