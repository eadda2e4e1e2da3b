import { CalendarDays, Clock } from 'lucide-react';
import { useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../IconButton';
import styles from './DateTimeInput.module.css';
import { formatDate, formatTime, parseDate, parseTime, usesNativeField } from './localeDateTime';

export type DateTimeKind = 'date' | 'time';

/**
 * Whether a date or time field may be the browser's own: Chromium writes it in the browser's
 * language, so only where that is the chosen one (docs/interface.md, Languages).
 */
export function useNativeDateTime(): boolean {
  const { i18n } = useTranslation();
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return usesNativeField(i18n.language, browser);
}

type BaseProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'defaultValue' | 'placeholder'
>;

interface DateTimeInputProps extends BaseProps {
  kind: DateTimeKind;
  /** YYYY-MM-DD or HH:MM ('' for none; any other text is shown as it is). */
  value: string;
  /** The ISO value typed, '' when cleared, or null with the text when it is no date or time. */
  onValueChange: (value: string | null, text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Marks an unreadable text itself (where no form message does it). */
  markUnreadable?: boolean;
}

/**
 * A date or time field in the chosen language: the browser's native field where the browser
 * speaks that language, else a text field that shows and reads the language's own form
 * (23.11.2026 and 17:00 in pl, 11/23/2026 and 5:00 PM in en) and also reads YYYY-MM-DD and
 * the 24-hour clock. The value stays ISO either way.
 */
export function DateTimeInput(props: DateTimeInputProps) {
  const native = useNativeDateTime();
  const { kind, value, onValueChange, inputRef, markUnreadable: _mark, ...rest } = props;
  if (native) {
    return (
      <input
        {...rest}
        ref={inputRef}
        type={kind}
        value={value}
        onChange={(event) => onValueChange(event.target.value, event.target.value)}
      />
    );
  }
  return <LocaleDateTimeInput {...props} />;
}

/** The text field of DateTimeInput, whatever the browser's language. */
export function LocaleDateTimeInput({
  kind,
  value,
  onValueChange,
  inputRef,
  markUnreadable = false,
  onBlur,
  ...rest
}: DateTimeInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const parse = (text: string) => (kind === 'date' ? parseDate(text, language) : parseTime(text));
  const format = (iso: string) =>
    kind === 'date' ? formatDate(iso, language) : formatTime(iso, language);
  // What the user typed, shown while the value is the one it stood for (before or after it);
  // a value set from elsewhere (a reset, a chosen day) shows in the language's form.
  const [draft, setDraft] = useState<{ text: string; values: readonly string[] } | null>(null);
  const shown = draft && draft.values.includes(value) ? draft.text : format(value);
  const unreadable = markUnreadable && shown.trim() !== '' && parse(shown) === null;
  const picker = useRef<HTMLInputElement>(null);
  const textField = useRef<HTMLInputElement | null>(null);
  const openPicker = () => {
    const native = picker.current;
    if (!native) return;
    native.value = parse(shown) ?? '';
    // The browser's own calendar or clock; its answer comes back as ISO.
    try {
      native.showPicker();
    } catch {
      // no picker here (an older browser): typing still works
    }
  };
  const setRefs = (element: HTMLInputElement | null) => {
    textField.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };
  return (
    <div className={styles.box}>
      <input
        {...rest}
        className={`${rest.className ?? ''} ${styles.withPicker}`}
        ref={setRefs}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={t(kind === 'date' ? 'form.datePlaceholder' : 'form.timePlaceholder')}
        aria-invalid={rest['aria-invalid'] ?? (unreadable ? true : undefined)}
        value={shown}
        onChange={(event) => {
          const text = event.target.value;
          const parsed = parse(text);
          setDraft({ text, values: [value, parsed ?? text] });
          onValueChange(parsed, text);
        }}
        onKeyDown={(event) => {
          // as on the native field, Alt+Down opens the picker
          if (event.altKey && event.key === 'ArrowDown') {
            event.preventDefault();
            openPicker();
          }
          rest.onKeyDown?.(event);
        }}
        onBlur={(event) => {
          // A readable text is written again in the language's form (1.2.2026 -> 01.02.2026).
          if (parse(shown) !== null) setDraft(null);
          onBlur?.(event);
        }}
      />
      {/* Reached by Alt+Down from the field, as the native field's own button. */}
      <IconButton
        className={styles.pickerButton}
        label={t(kind === 'date' ? 'form.openCalendar' : 'form.openClock')}
        icon={kind === 'date' ? CalendarDays : Clock}
        tabIndex={-1}
        onClick={openPicker}
      />
      <input
        ref={picker}
        type={kind}
        className={styles.picker}
        tabIndex={-1}
        aria-hidden="true"
        defaultValue=""
        onChange={(event) => {
          const picked = event.target.value;
          setDraft(null);
          onValueChange(picked, picked);
          textField.current?.focus();
        }}
      />
    </div>
  );
}
