/** The reusable form-error display: lists messages under a field. */
export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  if (messages.length === 1) return <>{messages[0]}</>;
  return (
    <ul style={{ margin: 0, paddingLeft: 16 }}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
