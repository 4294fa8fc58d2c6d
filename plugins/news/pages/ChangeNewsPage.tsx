/**
 * /agent/change-news (AGENT_F1 || ADMIN_NEWS || ONLY_SHOW_NEW): the agency's articles for writers; with
 * `?id=<id>` the editor of one article, with `?id=new` a new one. This page chunk alone carries the editor.
 */
import { useSearchParams } from 'react-router';
import { NewsForm } from '../components/NewsForm';
import { NewsManageList } from '../components/NewsManageList';
import '../news.css';

export default function ChangeNewsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id === null) return <NewsManageList />;
  return <NewsForm key={id} id={id === 'new' ? null : id} />;
}
