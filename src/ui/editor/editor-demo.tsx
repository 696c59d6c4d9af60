/**
 * A stand-alone page for checking the editor in a real browser (src/ui/editor/editor-demo.html, served by vite; used by
 * e2e/editor.browser.ts). Ctrl+Enter "applies": it answers with a made-up 422 Status for the first document, to show
 * api-server markers; it is not the real api-server.
 */
import { StrictMode, Suspense, lazy, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { registerCustomResourceSchema } from './custom-resource-schemas.ts';
import { splitDocuments, statusMarkers, syntaxMarkers, type EditorMarker } from './markers.ts';

const YamlEditor = lazy(() => import('./yaml-editor.tsx'));

const SAMPLE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
`;

registerCustomResourceSchema('example.com', 'v1', 'Widget', {
  type: 'object',
  properties: {
    spec: { type: 'object', description: 'What the widget should be.', properties: { size: { type: 'integer', description: 'How big.' } } },
  },
});

function Demo() {
  const [text, setText] = useState(SAMPLE);
  const [apiMarkers, setApiMarkers] = useState<EditorMarker[]>([]);
  const syntax = useMemo(() => syntaxMarkers(text), [text]);
  const apply = () => {
    const docs = splitDocuments(text);
    setApiMarkers(
      statusMarkers(text, [
        {
          documentIndex: 0,
          status: {
            message: 'Deployment.apps "web" is invalid',
            reason: 'Invalid',
            details: { causes: [{ field: 'spec.template.spec.containers[0].image', message: 'Required value' }] },
          },
        },
      ]),
    );
    (window as unknown as { __applied?: number }).__applied = docs.length;
  };
  return (
    <>
      <div id="editor">
        <Suspense fallback={<div>loading editor…</div>}>
          <YamlEditor
            value={text}
            onChange={(v) => {
              setText(v);
              setApiMarkers([]);
            }}
            onApply={apply}
            markers={apiMarkers}
            onMount={(e) => ((window as unknown as { __editor?: unknown }).__editor = e)}
          />
        </Suspense>
      </div>
      <div id="status">
        {syntax.length} syntax error(s); {apiMarkers.length} api-server marker(s)
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Demo />
  </StrictMode>,
);
