export default function AdminAnalytics() {
  return <h1>Analytics</h1>;
}
