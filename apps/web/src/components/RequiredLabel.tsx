/** A form label with the required mark. */
export function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <span className="required-mark"> *</span>
    </>
  );
}
