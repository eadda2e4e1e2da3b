import controls from '../controls.module.css';

/**
 * A month picker (YYYY-MM) up to `max`: the statements', invoices' and pay's month. A cleared,
 * half-typed or later month keeps the last one chosen, so the screen never asks for no month.
 */
export function MonthInput({
  id,
  value,
  max,
  className,
  onChange,
}: {
  id: string;
  value: string;
  max: string;
  className?: string;
  onChange: (month: string) => void;
}) {
  return (
    <input
      id={id}
      type="month"
      className={className ? `${controls.input} ${className}` : controls.input}
      value={value}
      max={max}
      required
      onChange={(e) => {
        const month = e.target.value;
        if (/^\d{4}-\d{2}$/.test(month) && month <= max) onChange(month);
      }}
    />
  );
}
