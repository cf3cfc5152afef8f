export default function AdminArticleEditor() {
  return <h1>ArticleEditor</h1>;
}
