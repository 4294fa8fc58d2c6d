/** The contact of the booking: name (filled from the first adult until edited), phone and e-mail (spec point 5). */
import { Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactForm, ContactProblem } from '../../model/passengers';
import { Field } from './Field';

interface ContactBlockProps {
  value: ContactForm;
  problems: readonly ContactProblem[];
  shown: (field: ContactProblem) => boolean;
  onChange: (patch: Partial<ContactForm>) => void;
  onBlur: (field: ContactProblem) => void;
}

export function ContactBlock({ value, problems, shown, onChange, onBlur }: ContactBlockProps) {
  const { t } = useTranslation();
  const bad = (k: ContactProblem) => problems.includes(k) && shown(k);
  return (
    <Card size="small" className="bk-card" title={t('bookings.contact.title')} data-testid="contact-block">
      <div className="bk-grid">
        <Field label={t('bookings.contact.name')} error={bad('name') && t('bookings.errors.name')} testId="contact-name">
          <Input value={value.name} onChange={(e) => onChange({ name: e.target.value })} onBlur={() => onBlur('name')} data-testid="contact-name" status={bad('name') ? 'error' : undefined} maxLength={120} autoComplete="name" />
        </Field>
        <Field label={t('bookings.contact.phone')} error={bad('phone') && t('bookings.errors.phone')} testId="contact-phone">
          <Input value={value.phone} inputMode="tel" onChange={(e) => onChange({ phone: e.target.value })} onBlur={() => onBlur('phone')} data-testid="contact-phone" status={bad('phone') ? 'error' : undefined} maxLength={15} autoComplete="tel" />
        </Field>
        <Field label={t('bookings.contact.email')} error={bad('email') && t('bookings.errors.email')} testId="contact-email">
          <Input value={value.email} inputMode="email" onChange={(e) => onChange({ email: e.target.value })} onBlur={() => onBlur('email')} data-testid="contact-email" status={bad('email') ? 'error' : undefined} maxLength={200} autoComplete="email" />
        </Field>
      </div>
    </Card>
  );
}
