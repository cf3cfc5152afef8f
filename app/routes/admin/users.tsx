export default function AdminUsers() {
  return <h1>Users</h1>;
}
