import { Link } from 'react-router';
import type { Column } from '../../components/list/types';
import { accountPath } from './moneyApi';

/** The student of a money list's row (a payment, an invoice): a link to their Account section. */
export function studentColumn<R extends { student: number; studentName: string }>(): Column<R> {
  return {
    key: 'student',
    label: 'money.columns.student',
    value: (row) => row.studentName,
    render: (row) => <Link to={accountPath(row.student)}>{row.studentName}</Link>,
  };
}
