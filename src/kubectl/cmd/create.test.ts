import { describe, expect, it } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { kubectl } from '../testing/fixture.ts';

// Expected texts: `kubectl create … --dry-run=client -o yaml` of kubectl 1.32.
describe('kubectl create', () => {
  const sim = Simulation.create({ seed: 1, nodes: 1 });

  it('builds the Deployment kubectl builds', () => {
    expect(kubectl(sim, 'create deployment web --image=nginx --replicas=2 --dry-run=client -o yaml').stdout).toBe(`apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}
`);
  });

  it('builds the Job and the CronJob kubectl builds, the command after --', () => {
    expect(kubectl(sim, 'create job j --image=busybox --dry-run=client -o yaml -- echo hi').stdout).toBe(`apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  name: j
spec:
  template:
    metadata:
      creationTimestamp: null
    spec:
      containers:
      - command:
        - echo
        - hi
        image: busybox
        name: j
        resources: {}
      restartPolicy: Never
status: {}
`);
    expect(kubectl(sim, 'create cronjob cj --image=busybox --schedule="*/1 * * * *" --dry-run=client -o yaml').stdout).toBe(`apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: null
  name: cj
spec:
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: cj
    spec:
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - image: busybox
            name: cj
            resources: {}
          restartPolicy: OnFailure
  schedule: '*/1 * * * *'
status: {}
`);
  });

  it('builds the ConfigMap and the Namespace kubectl builds', () => {
    expect(kubectl(sim, 'create configmap c --from-literal=a=1 --from-literal=b=2 --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
data:
  a: "1"
  b: "2"
kind: ConfigMap
metadata:
  creationTimestamp: null
  name: c
`);
    expect(kubectl(sim, 'create namespace ns1 --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
kind: Namespace
metadata:
  creationTimestamp: null
  name: ns1
spec: {}
status: {}
`);
  });

  it('creates, and refuses a second time with kubectl\'s messages', () => {
    expect(kubectl(sim, 'create deployment web --image=nginx')).toEqual({ stdout: 'deployment.apps/web created\n', stderr: '', exitCode: 0 });
    expect(sim.getObject('deployment', 'default', 'web')?.metadata.managedFields?.[0]?.manager).toBe('kubectl-create');
    expect(kubectl(sim, 'create deployment web --image=nginx').stderr).toBe('error: failed to create deployment: deployments.apps "web" already exists\n');
    // The generators wrap the api-server's error as Go's err.Error() reads (kubectl against a served simulation shows it).
    expect(kubectl(sim, 'create deployment Bad_Name --image=nginx').stderr).toMatch(/^error: failed to create deployment: Deployment\.apps "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": /);
    expect(kubectl(sim, 'create namespace ns1').stdout).toBe('namespace/ns1 created\n');
    expect(kubectl(sim, 'create namespace ns1').stderr).toBe('Error from server (AlreadyExists): namespaces "ns1" already exists\n');
    expect(kubectl(sim, 'create configmap c --from-literal=a=1,2 -n ns1').stdout).toBe('configmap/c created\n');
    expect(sim.getObject('configmap', 'ns1', 'c')?.data).toEqual({ a: '1,2' });
  });

  it("says what is missing as kubectl does", () => {
    expect(kubectl(sim, 'create deployment x').stderr).toBe('error: required flag(s) "image" not set\n');
    expect(kubectl(sim, 'create cronjob x').stderr).toBe('error: required flag(s) "image", "schedule" not set\n');
    expect(kubectl(sim, 'create job').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create job -h' for help and examples\n");
    expect(kubectl(sim, 'create').stderr).toBe('error: must specify one of -f and -k\n');
  });
});

describe('kubectl run', () => {
  it('builds the Pod kubectl builds, and creates it', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    expect(kubectl(sim, 'run nginx --image=nginx --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`);
    expect(kubectl(sim, 'run b --image=busybox --restart=Never -- sleep 10')).toEqual({ stdout: 'pod/b created\n', stderr: '', exitCode: 0 });
    expect(sim.getObject('pod', 'default', 'b')?.spec).toMatchObject({ restartPolicy: 'Never', containers: [{ name: 'b', image: 'busybox', args: ['sleep', '10'] }] });
    expect(kubectl(sim, 'run x -it --image=busybox').stderr).toBe('error: --stdin is not available in this console: containers here run no code to attach to\n');
  });
});

describe('kubectl expose', () => {
  it('builds the Service kubectl builds for a Deployment, and creates it', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    kubectl(sim, 'create deployment web --image=nginx');
    expect(kubectl(sim, 'expose deployment web --port=80 --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: web
status:
  loadBalancer: {}
`);
    expect(kubectl(sim, 'expose deployment web --port=80 --target-port=8080')).toEqual({ stdout: 'service/web exposed\n', stderr: '', exitCode: 0 });
    expect(sim.getObject('svc', 'default', 'web')?.spec).toMatchObject({ selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }] });
    expect(kubectl(sim, 'expose deployment web').stderr).toBe("error: couldn't find port via --port flag or introspection\nSee 'kubectl expose -h' for help and examples\n");
  });
});
