// What a form needs once a visitor uses it: posting, and react-toastify with the page's one
// toast container (in a React root of its own; toasts queue until it has mounted). Loaded on
// demand by useFormSubmit, so pages ship it only to visitors who use a form.
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { TOAST_OPTIONS } from './toast.ts';

const host = document.createElement('div');
document.body.append(host);
createRoot(host).render(<ToastContainer {...TOAST_OPTIONS} />);

export { toast };
export { formFields, postForm } from './client.ts';
