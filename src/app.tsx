import { Route, Switch } from 'wouter';
import { SiteLayout } from './components/site-layout';
import { Toast } from './components/toast';
import { About } from './routes/about';
import { Check } from './routes/check';
import { Home } from './routes/home';
import { Loading } from './routes/loading';
import { NotFound } from './routes/not-found';
import { useRouteGuard } from './routes/route-guard';

export function App() {
  const allowed = useRouteGuard();
  if (allowed === null) return null;
  return (
    <>
      <Switch location={allowed}>
        {/* The Loading screen is full screen, outside the site layout. */}
        <Route path="/" component={Loading} />
        <Route>
          <SiteLayout>
            <Switch location={allowed}>
              <Route path="/about" component={About} />
              <Route path="/check" component={Check} />
              <Route path="/home" component={Home} />
              <Route component={NotFound} />
            </Switch>
          </SiteLayout>
        </Route>
      </Switch>
      <Toast />
    </>
  );
}
