/**
 * What the page plays when it opens: a 3-replica Deployment and its Service on 3 nodes. The editor shows
 * {@link DEFAULT_MANIFESTS}, the text; the worker is sent {@link DEFAULT_OBJECTS}, the same manifests parsed
 * (default-demo.test.ts holds them equal), so it starts without loading its YAML library.
 */
export const DEFAULT_SEED = 42;
export const DEFAULT_NODES = 3;
export const DEFAULT_MANIFESTS = `apiVersion: apps/v1
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
        ports:
        - containerPort: 80
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
    targetPort: 80
`;

/** {@link DEFAULT_MANIFESTS}, parsed (no object shared between two places: they are sent as they are). */
export const DEFAULT_OBJECTS: Record<string, unknown>[] = [
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] },
      },
    },
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 80 }] },
  },
];
