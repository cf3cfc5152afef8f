export default function AdminRomes() {
  return <h1>Romes</h1>;
}
