export default function AdminArticles() {
  return <h1>Articles</h1>;
}
