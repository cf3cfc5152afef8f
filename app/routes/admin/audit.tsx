export default function AdminAudit() {
  return <h1>Audit</h1>;
}
